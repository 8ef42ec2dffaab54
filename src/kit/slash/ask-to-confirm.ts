import type { SlashContext } from './slash-command.js';

/** A yes / no question as a two-row list: resolves true only when the user chooses the yes row. */
export async function askToConfirm(context: SlashContext, title: string, yes: string, no = 'No, change nothing'): Promise<boolean> {
  const answer = await context.pick({
    title,
    items: [
      { label: yes, value: true },
      { label: no, value: false },
    ],
  });
  return answer === true;
}
