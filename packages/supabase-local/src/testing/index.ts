// Helpers for a project's tests against the stack (vitest): the stack a run shares (globalSetup),
// supabase-js clients for it, distinct client addresses, raw realtime sockets, the inbox, npm jobs.
export {
  anonClient,
  client,
  ownAddressClient,
  postgresDb,
  serviceClient,
  signedUpClient,
  uniqueEmail,
  waitForSchemaCache,
} from './clients.ts';
export { clientFrom, fetchFrom } from './addresses.ts';
export { rawSocket, sleep, waitFor, type Frame, type RawSocket } from './realtimeRaw.ts';
export { JOB_SIGNALS, kill, stackEnv, startNpmJob, untilPrinted, type NpmJob } from './npmJob.ts';
export { lastMailTo, mailHeaders, mailsTo, verifyLink } from '../mail/inboxClient.ts';
