import { readGraphQLAnswer } from '../../graphql/send-graphql.js';
import { maskText } from '../../../safety/mask-text.js';
import type { CheckContext } from '../checks/check-context.js';
import { describeVariables } from './graphql-values.js';
import { sentOperation } from './sent-operation.js';
import { internalErrorExcerpt, isInternalErrorCode } from './internal-error-text.js';

const SHOWN_CHARS = 160;

/** graphql_no_server_error's findings (checks/graphql-no-server-error.ts), loaded when a GraphQL run judges its first answer. */
export function serverErrorFindings({ response, testCase }: CheckContext): string[] {
  const variables = describeVariables(sentOperation(testCase)?.variables ?? {});
  const sentWith = variables ? `, for ${shownVariables(variables)}` : '';
  const shown = (text: string) => {
    const flat = maskText(text.slice(0, SHOWN_CHARS * 4))
      .replace(/\s+/g, ' ')
      .trim();
    return flat.length > SHOWN_CHARS ? `${flat.slice(0, SHOWN_CHARS)}…` : flat;
  };
  if (response.status >= 500 && response.status <= 599) {
    const body = shown(response.body);
    return [`server error ${response.status} ${response.statusText}${body ? `: ${body}` : ''}${sentWith}`];
  }
  const errors = readGraphQLAnswer(response.body)?.errors ?? [];
  return errors.flatMap((error) => {
    const excerpt = internalErrorExcerpt(error.message);
    const code = error.extensions?.code;
    const stack = error.extensions?.stacktrace ?? (error.extensions?.exception as { stacktrace?: unknown } | undefined)?.stacktrace;
    if (!excerpt && !isInternalErrorCode(code) && stack === undefined) return [];
    const why = excerpt
      ? `shows the server's inside (${shown(excerpt)})`
      : stack !== undefined
        ? 'carries a stack trace'
        : `is an unexpected server error (${String(code)})`;
    return [`a GraphQL error ${why}${error.path ? ` at ${error.path.join('.')}` : ''}: ${shown(error.message)}${sentWith}`];
  });
}

/** Variables as a finding names them; the masking of the message applies to them too. */
function shownVariables(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
