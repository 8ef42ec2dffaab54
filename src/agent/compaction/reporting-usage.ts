import type { ChatModel } from '../../llm/chat-model.js';
import type { EmitEvent } from '../events.js';

/** The model that writes a checkpoint, each of its calls told as a `usage` event of the compaction. */
export function reportingUsage(model: ChatModel, emit: EmitEvent): ChatModel {
  return {
    get provider() {
      return model.provider;
    },
    get model() {
      return model.model;
    },
    contextWindow: (signal) => model.contextWindow(signal),
    async chat(request) {
      const response = await model.chat(request);
      emit({ type: 'usage', ...response.usage, provider: model.provider, model: model.model, purpose: 'compaction' });
      return response;
    },
  };
}
