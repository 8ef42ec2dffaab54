import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export interface Note {
  title: string;
  tags: string[];
}

/** The notebook server; `notes` is its state, shared by every connection to it. */
export function createNotesServer(notes?: Note[], options?: { token?: string; extraTools?: number }): McpServer;

export interface McpNotesHttpServer {
  /** The streamable HTTP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  notes: Note[];
  /** POSTs that reached the server, and requests refused for a wrong or missing token. */
  state: { requests: number; unauthorized: number };
  close(): Promise<void>;
}

/** The notebook over streamable HTTP on loopback; every request must carry `Authorization: Bearer <token>`. */
export function startMcpNotesHttpServer(options: { token: string }): Promise<McpNotesHttpServer>;
