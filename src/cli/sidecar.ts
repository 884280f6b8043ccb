// `svc sidecar`: runs the optional verification sidecar until SIGINT/SIGTERM.
import { parse, UsageError, type Command } from './args.js';
import { configFromEnv, createSidecar, SidecarConfigError } from '../sidecar/index.js';

const help = `usage: svc sidecar

Runs the optional verification sidecar: a small HTTP service that classifies commands forwarded
by policy rules with "action: webhook" using a language model. Secrets are redacted before
anything leaves the machine. Configured by environment variables:

  VERIFY_HOST            bind address (default 127.0.0.1; loopback only unless VERIFY_ALLOW_REMOTE=1)
  VERIFY_PORT            port (default 8090; 0 picks a free port)
  VERIFY_PROVIDER        openai | anthropic | ollama (default: openai if OPENAI_API_KEY is set,
                         else anthropic if ANTHROPIC_API_KEY is set, else ollama); a hosted
                         provider without its key falls back to the local server at OLLAMA_URL
  VERIFY_MODEL           model name (default gpt-4o-mini; claude-3-5-haiku-latest for anthropic
                         and llama3.2 for ollama when unset)
  OPENAI_API_KEY, OPENAI_BASE_URL        any OpenAI-compatible endpoint (default https://api.openai.com/v1)
  ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL  (default https://api.anthropic.com)
  OLLAMA_URL             local model server (default http://localhost:11434)
  VERIFY_SYSTEM_PROMPT   replaces the built-in system prompt
  VERIFY_EXTRA_RULES     appended to the system prompt
  VERIFY_TIMEOUT_MS      model timeout (default 4000, under the webhook rule's 5 s)
  VERIFY_FAIL_OPEN       1 (default) allows when the model is down, slow or unparseable; 0 denies
  VERIFY_RATE_LIMIT      classifications per minute, token bucket (default 60)
  VERIFY_LOG_DIR         where decisions.jsonl goes (default $SERVICE_HOME/verify or ~/.svc/verify)

Endpoints: POST /verify, GET /health, GET /metrics, GET /.
Prints "listening on http://HOST:PORT" when ready.`;

export default {
  help,
  async run(argv: string[]): Promise<number> {
    parse(argv, {}, false);
    let config;
    try {
      config = configFromEnv(process.env);
    } catch (err) {
      if (err instanceof SidecarConfigError) throw new UsageError(err.message, { cause: err });
      throw err;
    }
    const running = await createSidecar(config).listen();
    process.stdout.write(`listening on ${running.url}\n`);
    process.stderr.write(
      `svc sidecar: provider ${config.provider} (${config.baseUrl}), model ${config.model}, fail-${config.failOpen ? 'open' : 'closed'}, decisions in ${config.logDir}\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await running.close();
    return 0;
  },
} satisfies Command;
