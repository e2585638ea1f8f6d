// npm run stack | dev | db:reset: the local stack (packages/supabase-local) on this project, and for
// `dev` the site beside it, rendered on the server as in production.
import { runStackCli } from '@afriqueactu/supabase-local';
import { LOCAL_ACCOUNTS } from '../supabase/seed/accounts.ts';
import { appStackOptions, PROJECT_ROOT, SEED_IMAGES } from './localStack.ts';

runStackCli(process.argv[2], {
  options: appStackOptions(),
  extras: { afterSeed: SEED_IMAGES },
  scripts: { stack: 'npm run stack', dev: 'npm run dev', reset: 'npm run db:reset' },
  describe: () => ['Local accounts:', ...LOCAL_ACCOUNTS.map((a) => `  ${a.role.padEnd(10)} ${a.email} / ${a.password}`)],
  async site(stack) {
    const port = Number(process.env.PORT ?? 5173);
    // Loaded once the stack runs: Vite's start-up is not paid by `npm run stack`.
    const { startDevSite } = await import('../src/server/dev.ts');
    const { siteOrigin } = await import('../src/server/origin.ts');
    const { readEnv } = await import('../src/lib/siteEnv.ts');
    // « L'essentiel du jour » posts to a local double of Telegram's Bot API, which shows what it received.
    const { startTestBotApi } = await import('../tests/telegram/botApi.ts');
    const telegram = await startTestBotApi({ port: Number(process.env.TELEGRAM_DOUBLE_PORT ?? 0) });
    const site = await startDevSite({
      root: PROJECT_ROOT,
      port,
      // The same checks as npm start's settings (siteEnv.ts), with the stack's own URL and key by default.
      env: readEnv({
        VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL || stack.apiUrl,
        VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY || stack.anonKey,
        VITE_NEWSROOM_TIME_ZONE: process.env.VITE_NEWSROOM_TIME_ZONE,
      }),
      origin: siteOrigin(process.env.SITE_URL, port),
      // The newsletter sends through the stack, into its inbox.
      newsletterEnv: {
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
        SMTP_URL: stack.smtpUrl,
        TELEGRAM_API_URL: telegram.url,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_CHAT_ID: telegram.chatId,
      },
    });
    return {
      url: site.url,
      note: `rendered on the server, as in production; Telegram (local double): ${telegram.url}`,
      close: async () => {
        await site.close();
        await telegram.close();
      },
    };
  },
});
