/**
 * The computer players' worker thread: `askComputerPlayer` runs an AI job (src/ai) off the event loop in one
 * shared, lazily started worker (pool.ts), with the messages of protocol.ts.
 *
 * This file is the feature's public face: code outside src/game/ai-pool/ imports only from here.
 */
export { askComputerPlayer, stopAiWorker, warmAiWorker, type AiAnswer, type AiJob } from './pool.js';
