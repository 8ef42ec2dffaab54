/** One item of an MCP tool result's `content`, as far as an observation needs it. */
interface ContentItem {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  name?: string;
  resource?: { uri: string; mimeType?: string; text?: string; blob?: string };
}

export interface CallResult {
  content?: ContentItem[];
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * An MCP tool result as observation text: its text items as they are; images, audio and binary
 * resources named with their size, as a text protocol cannot carry them; the structured content
 * when there is nothing else.
 */
export function describeCallResult(result: CallResult): string {
  const parts = (result.content ?? []).map(describeItem);
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent, null, 2));
  return parts.join('\n\n') || '(the tool returned nothing)';
}

function describeItem(item: ContentItem): string {
  switch (item.type) {
    case 'text':
      return item.text ?? '';
    case 'image':
    case 'audio':
      return `[${item.type} ${item.mimeType ?? ''}, ${sizeOfBase64(item.data)} — not shown: only text reaches the model]`;
    case 'resource': {
      const resource = item.resource;
      if (!resource) return '[resource]';
      if (resource.text !== undefined) return `${resource.uri}:\n${resource.text}`;
      return `[resource ${resource.uri} ${resource.mimeType ?? ''}, ${sizeOfBase64(resource.blob)} — binary, not shown]`;
    }
    case 'resource_link':
      return `[link ${item.name ? `${item.name}: ` : ''}${item.uri ?? ''}]`;
    default:
      return `[${item.type} content, not shown]`;
  }
}

function sizeOfBase64(data: string | undefined): string {
  const bytes = Math.floor(((data ?? '').length * 3) / 4);
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}
