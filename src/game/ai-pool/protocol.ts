/** The messages between the computer players' pool (pool.ts) and its worker thread (worker.ts). */
import type { AiAnswer, AiJob } from '../../ai/job.js';

export interface AiRequest {
  id: number;
  job: AiJob;
}

export type AiReply = { id: number; ok: true; answer: AiAnswer } | { id: number; ok: false; error: string };
