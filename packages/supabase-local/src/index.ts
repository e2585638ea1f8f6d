// The public API: what a project's scripts use to run the stack. Everything else in src/ is the
// stack's own; the helpers for a project's tests are in ./testing (package.json's "exports").
export { startStack, type AfterSeedHook, type RunningStack, type StartExtras } from './stack.ts';
export { ANON_KEY, defaultStackOptions, JWT_SECRET, SERVICE_ROLE_KEY, type StackOptions } from './config.ts';
export { runStackCli, type StackCli } from './cli.ts';
export { connectionString } from './db.ts';
export { generateDatabaseTypes } from './databaseTypes.ts';
export { assertPortFree, freePort, PortBusyError } from './ports.ts';
export { isRunning, processInfo } from './processes.ts';
export { startInbox, type InboxHeaders, type InboxMessage, type RunningInbox } from './mail/inbox.ts';
