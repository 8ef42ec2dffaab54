/** An id for a call the server sent none for (Ollama, some OpenAI-compatible servers): the observation must name one. */
export function madeUpCallId(index: number): string {
  return `call_${index}`;
}
