import { z } from 'zod';
import { type Tool, type ToolContext, ToolError } from '../tool/tool.js';
import type { RunOutcome } from '../tool/tool-result.js';

/** Every parameter of a multi-action tool but `action`, as it is when given. */
type Params = Record<string, z.ZodType>;
type Param<P extends Params> = keyof P & string;

/** What an action's run and preview get: the parameters it needs, given; the others it accepts, maybe. */
type ActionArgs<P extends Params, Needed extends Param<P>, Accepted extends Param<P>> = { [K in Needed]: z.output<P[K]> } & {
  [K in Accepted]?: z.output<P[K]>;
};

type PreviewResult = ReturnType<NonNullable<Tool['preview']>>;

interface ActionSpec<P extends Params, Needed extends Param<P>, Accepted extends Param<P>> {
  /** The parameters the action needs; a call without one (or with it empty) is refused, naming it. */
  required?: readonly Needed[];
  /** The others it accepts; a call with a parameter neither list names is refused, naming it. */
  optional?: readonly Accepted[];
  /** For the model, after the action's parameters, when they and their descriptions do not say it all. */
  description?: string;
  /** What the user approves first; asked only when the arguments fit the action (run refuses the others). */
  preview?(args: ActionArgs<P, Needed, Accepted>, ctx: ToolContext): PreviewResult;
  /** As `Tool.readOnly`, for this action (its arguments as given); absent: plan mode refuses it. */
  readOnly?: true | ((args: Record<string, unknown>) => string | undefined);
  /** Its result: the text, or with details for the screen (the request tool's run: the response). */
  run(args: ActionArgs<P, Needed, Accepted>, ctx: ToolContext): Promise<RunOutcome>;
}

/** An action as defineActions keeps it, whatever its parameters. */
interface DeclaredAction {
  required: readonly string[];
  optional: readonly string[];
  description?: string;
  preview?(args: Record<string, unknown>, ctx: ToolContext): PreviewResult;
  readOnly?: true | ((args: Record<string, unknown>) => string | undefined);
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<RunOutcome>;
}

// Generic per action, so that each run's arguments are typed by its own lists. Returning an opaque
// DeclaredAction keeps TypeScript from inferring the lists from the table instead.
type DeclareAction<P extends Params> = <Needed extends Param<P> = never, Accepted extends Param<P> = never>(
  action: ActionSpec<P, Needed, Accepted>,
) => DeclaredAction;

/** What a call of the tool gives: the action, and any of the parameters. */
type ActionToolArgs<P extends Params, Name extends string> = { action: Name } & { [K in keyof P]?: z.output<P[K]> };

/** The parts of a tool that defineActions makes: what it accepts, what it asks first, what it does. */
interface ToolActions<Args> {
  schema: z.ZodType<Args>;
  /** Undefined when no action asks, so that the tool reference does not say the user approves. */
  preview?(args: Args, ctx: ToolContext): PreviewResult;
  /** `Tool.readOnly` from the actions': what the called action does beyond reading, or undefined. */
  readOnly(args: Args): string | undefined;
  run(args: Args, ctx: ToolContext): Promise<RunOutcome>;
}

/**
 * One way to declare a tool that does one of several actions: its parameters, then per action the
 * ones it needs, the others it accepts, and its run (and preview, when it asks for approval). The
 * model reads the actions with their parameters in the description of `action`, e.g.
 * `save(fact); recall(query?)`; a call that gives an action too little or too much is refused,
 * naming the action and each parameter at fault.
 */
export function defineActions<P extends Params, Name extends string>(
  tool: string,
  params: P,
  declare: (action: DeclareAction<P>) => Record<Name, DeclaredAction>,
): ToolActions<ActionToolArgs<P, Name>> {
  const actions: Record<string, DeclaredAction> = declare(({ required = [], optional = [], ...rest }) => ({ required, optional, ...rest }));
  const names = Object.keys(actions) as [Name, ...Name[]];
  const schema = z.strictObject({
    action: z.enum(names).describe(names.map((name) => describeAction(name, actions[name]!)).join('; ')),
    ...Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.optional()])),
  });
  const previewed = Object.values(actions).some((action) => action.preview);
  return {
    // Built from the parameters at run time; this is the type they give it.
    schema: schema as unknown as z.ZodType<ActionToolArgs<P, Name>>,
    preview: previewed
      ? async (args, ctx) => {
          const action = actions[args.action]!;
          return action.preview && !findProblems(args, action) ? action.preview(args, ctx) : undefined;
        }
      : undefined,
    readOnly(args) {
      const { readOnly } = actions[args.action] ?? {};
      if (readOnly === true) return undefined;
      return readOnly ? readOnly(args) : `changes files or saved state (its ${args.action} action)`;
    },
    async run(args, ctx) {
      const action = actions[args.action]!;
      const problems = findProblems(args, action);
      if (problems) throw new ToolError(`${tool}: ${problems}`);
      return action.run(args, ctx);
    },
  };
}

/** `save(name, url, method?)`, then what the action does when it says. */
function describeAction(name: string, { required, optional, description }: DeclaredAction): string {
  const signature = `${name}(${[...required, ...optional.map((param) => `${param}?`)].join(', ')})`;
  return description ? `${signature}: ${description}` : signature;
}

/**
 * The parameters the action needs and lacks, and those it would ignore, all at once: a model that
 * passes `url` to `load` should learn that it was not used, not guess.
 */
function findProblems(args: { action: string } & Record<string, unknown>, { required, optional }: DeclaredAction): string | undefined {
  const problems: string[] = [];
  const missing = required.filter((param) => args[param] === undefined || args[param] === '');
  if (missing.length > 0) problems.push(`${args.action} needs ${missing.join(' and ')}`);
  const accepted = new Set(['action', ...required, ...optional]);
  const unused = Object.keys(args).filter((param) => !accepted.has(param) && args[param] !== undefined);
  if (unused.length > 0) {
    const takes = [...required, ...optional];
    problems.push(`${args.action} does not use ${unused.join(', ')} (it takes ${takes.length > 0 ? takes.join(', ') : 'nothing else'})`);
  }
  return problems.length > 0 ? problems.join('; ') : undefined;
}
