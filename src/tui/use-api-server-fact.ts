import { useEffect, useState } from 'react';
import type { Agent } from '../agent/agent.js';
import { apiServerFact } from './components/api-server-fact.js';

/** The status line's fact about the API's server, following its state; undefined when none is configured. */
export function useApiServerFact(agent: Agent): string | undefined {
  const server = agent.apiServer;
  const [fact, setFact] = useState(() => server && apiServerFact(server.status()));
  useEffect(() => {
    if (!server) return undefined;
    setFact(apiServerFact(server.status()));
    return server.onChange((status) => setFact(apiServerFact(status)));
  }, [server]);
  return fact;
}
