import type { ScanExchange } from '../../scan-exchange.js';

/** SQL injection proven by the difference between two answers: the pair of requests and what differed. */
export interface BlindProof {
  title: string;
  exchange: ScanExchange;
  followUp: ScanExchange;
}
