export interface PickerItem<T> {
  label: string;
  hint?: string;
  value: T;
}

/** A list to choose from, in place of the input. */
export interface PickerRequest<T> {
  title: string;
  items: PickerItem<T>[];
  /** Index of the item selected when the picker opens (the current choice). */
  initial?: number;
}

/** A one-line question in place of the input. */
export interface QuestionRequest {
  title: string;
  /** Why this default, or what the answer is for: shown below the title. */
  hint?: string;
  /** The answer the box starts with, accepted as it is with Enter. */
  initial?: string;
  /** What is wrong with an answer, or undefined when it will do; Enter takes only an answer it accepts. */
  check?(answer: string): Promise<string | undefined> | string | undefined;
}
