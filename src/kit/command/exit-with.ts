/** Leaves with `code` once what was printed has been handed to the OS, whatever still holds the loop. */
export async function exitWith(code: number): Promise<void> {
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
