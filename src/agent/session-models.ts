import type { ModelRoutes } from '../config/types.js';
import type { ChatModel } from '../llm/chat-model.js';
import type { ModelCategory } from '../tools/tool.js';
import type { EmitEvent } from './events.js';
import { type RoutedChoice, routedChoice } from './model-routing.js';

/** The provider and model a session runs on, as the user chose them (either may be left to the config). */
export type ModelChoice = RoutedChoice;

/** Builds the model for a choice; retry and provider-switch events go to `emit`. */
export type CreateModel = (choice: ModelChoice, emit: EmitEvent) => ChatModel;

/**
 * The models of one session: the one it runs on, and those `models:` routes categories of work to
 * (made on first use, made again after a switch of model).
 */
export class SessionModels {
  private model: ChatModel;
  private readonly routedModels = new Map<ModelCategory, ChatModel>();

  constructor(
    private readonly createModel: CreateModel,
    private readonly routes: ModelRoutes,
    /** The provider and model the session runs on, as chosen: routed categories start from it. */
    private choice: ModelChoice,
    private readonly emit: EmitEvent,
  ) {
    this.model = createModel(choice, emit);
  }

  get current(): ChatModel {
    return this.model;
  }

  /** The model `models:` routes a category of work to; the session's model where the category is unset. */
  modelFor(category: ModelCategory): ChatModel {
    const choice = routedChoice(this.routes, category, this.choice);
    if (!choice) return this.model;
    let model = this.routedModels.get(category);
    if (!model) {
      model = this.createModel(choice, this.emit);
      this.routedModels.set(category, model);
    }
    return model;
  }

  /** `quick` or `deep` as `models:` routes them, else a model of the session's provider. */
  named(name: string): ChatModel {
    if (name === 'quick' || name === 'deep') return this.modelFor(name);
    return this.createModel({ ...this.choice, model: name }, this.emit);
  }

  /** A model of its own for a sub-agent's run, its events to `emit`: its profile's category as routed, else the session's choice. */
  forSubagent(category: ModelCategory | undefined, emit: EmitEvent): ChatModel {
    const choice = category && routedChoice(this.routes, category, this.choice);
    return this.createModel(choice ?? this.choice, emit);
  }

  switchTo(provider: string, model: string): void {
    this.choice = { provider, model };
    this.model = this.createModel(this.choice, this.emit);
    this.routedModels.clear();
  }
}
