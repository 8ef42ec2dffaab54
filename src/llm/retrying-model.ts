// The retry and failover policy (docs/ARCHITECTURE.md, "Where the cross-cutting rules live"), as a ChatModel wrapping the configured models in order.
import { delay } from '../delay.js';
import type { ChatModel, ChatRequest, ChatResponse, ContextWindow, ToolProtocol } from './chat-model.js';
import { classifyModelError, isAbortError, isContextOverflow, ModelAbortError, ModelError } from './model-errors.js';
import type { ModelEvent } from './model-events.js';

export interface RetryingModelOptions {
  /** The default model first, then the fallbacks in the order they are tried. */
  models: ChatModel[];
  /** The wait before each retry of the same model; their count is the number of retries. */
  delaysMs: number[];
  emit: (event: ModelEvent) => void;
}

interface Failure {
  label: string;
  error: ModelError;
}

/** A server's Retry-After replaces the backoff delay, but Falcon never sits idle longer than this. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Retries a model on transient failures, then moves on to the next model. After a switch, later
 * calls start with the model that last answered, so a dead default does not cost every turn its retries.
 * A prompt that does not fit the window fails at once: the agent shortens the history and asks again.
 */
export class RetryingModel implements ChatModel {
  private answering: ChatModel;

  constructor(private readonly options: RetryingModelOptions) {
    const [first] = options.models;
    if (!first) throw new Error('RetryingModel needs at least one model');
    this.answering = first;
  }

  get provider(): string {
    return this.answering.provider;
  }

  get model(): string {
    return this.answering.model;
  }

  /** The window of the model answering now; it changes with a switch to another provider. */
  contextWindow(signal?: AbortSignal): Promise<ContextWindow> {
    return this.answering.contextWindow(signal);
  }

  /** The tool protocol of the model answering now. A fallback sent tools it was not set up for still takes them: the history holds native calls. */
  async toolProtocol(signal?: AbortSignal): Promise<ToolProtocol> {
    return (await this.answering.toolProtocol?.(signal)) ?? 'text';
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const { models, emit } = this.options;
    const start = models.indexOf(this.answering);
    const order = [...models.slice(start), ...models.slice(0, start)];
    const failures: Failure[] = [];
    for (const model of order) {
      const previous = failures.at(-1);
      if (previous) {
        emit({ type: 'provider_switch', from: previous.label, to: labelOf(model), reason: previous.error.message });
        this.answering = model;
      }
      try {
        return await this.chatWithRetries(model, request);
      } catch (error) {
        if (isAbortError(error) || isContextOverflow(error)) throw error;
        failures.push({ label: labelOf(model), error: error as ModelError });
      }
    }
    throw summarize(failures);
  }

  /** Throws a ModelAbortError or a ModelError whose message says how many retries were spent. */
  private async chatWithRetries(model: ChatModel, request: ChatRequest): Promise<ChatResponse> {
    const { delaysMs, emit } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        return await model.chat(request);
      } catch (error) {
        if (request.signal.aborted || isAbortError(error)) throw new ModelAbortError();
        const failure = classifyModelError(error, { provider: model.provider });
        const backoffMs = delaysMs[attempt - 1];
        if (!failure.transient || backoffMs === undefined) {
          const retries = attempt - 1;
          const message = retries > 0 ? `${failure.message} (after ${retries} ${retries === 1 ? 'retry' : 'retries'})` : failure.message;
          throw new ModelError({ ...failure, message }, { cause: error });
        }
        const delayMs = failure.retryAfterMs === undefined ? backoffMs : Math.min(failure.retryAfterMs, MAX_RETRY_AFTER_MS);
        emit({ type: 'retry', attempt, delayMs, reason: failure.message });
        await wait(delayMs, request.signal);
      }
    }
  }
}

function labelOf(model: ChatModel): string {
  return `${model.provider}/${model.model}`;
}

/** One model's failure as is; several as a list of what was tried. */
function summarize(failures: Failure[]): ModelError {
  const last = failures.at(-1)?.error ?? new ModelError({ transient: false, message: 'no model was tried' });
  if (failures.length <= 1) return last;
  const lines = failures.map(({ label, error }) => `  ${label}: ${error.message}`);
  return new ModelError({ transient: last.transient, status: last.status, message: `No model could answer; tried:\n${lines.join('\n')}` }, { cause: last });
}

async function wait(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await delay(ms, signal);
  } catch {
    throw new ModelAbortError(); // sleep rejects only when the signal aborts
  }
}
