import type { ChatModel } from '../../../llm/chat-model.js';
import { maskText } from '../../../safety/mask-text.js';
import type { ModelCategory, ToolContext } from '../../../kit/tool/tool.js';

/** The model `models:` routes this kind of work to, else the session's; undefined where there is none. */
export function workflowModel(ctx: ToolContext, category: ModelCategory): ChatModel | undefined {
  return ctx.modelFor?.(category) ?? ctx.model;
}

/** Masks the session's secrets in what a tool gives a model to read, as observations are masked. */
export function maskForModel(ctx: ToolContext): (text: string) => string {
  return (text) => maskText(text, { secrets: ctx.secrets, shapes: false });
}
