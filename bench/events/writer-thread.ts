// The writers, in a thread of their own: the 200 streams' parsing on the main thread must not
// delay a write or the moment its answer is noted.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import type { LeadRow } from './events-database';
import {
  type WriteRecord,
  WriteLog,
  writePacedThroughSql,
  writeThroughApi,
  writeThroughSql,
} from './lead-writers';

export type WriterJob = {
  mode: 'api' | 'sql' | 'paced';
  baseUrls: string[];
  token: string;
  databaseUrl: string;
  leads: LeadRow[];
  writers: number;
  seconds: number;
  rate: number;
  batch: number;
};

/** Runs `job` in a worker thread and answers its writes. */
export function runWriters(job: WriterJob): Promise<WriteRecord> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: it registers it, then loads this file.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    worker.once('message', (record: WriteRecord) => resolve(record));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`writer thread exited with ${code}`));
    });
  });
}

async function work(job: WriterJob): Promise<WriteRecord> {
  const log = new WriteLog();
  const { baseUrls, token, databaseUrl, leads, writers, seconds } = job;
  if (job.mode === 'api') await writeThroughApi(baseUrls, token, leads, writers, seconds, log);
  else if (job.mode === 'sql') await writeThroughSql(databaseUrl, leads, writers, seconds, log);
  else await writePacedThroughSql(databaseUrl, leads, job.rate, job.batch, seconds, log);
  return { leads: log.leads, sentAt: log.sentAt, doneAt: log.doneAt };
}

if (parentPort && workerData) {
  const port = parentPort;
  port.postMessage(await work(workerData as WriterJob));
}
