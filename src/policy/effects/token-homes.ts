// Where a token named for a service is used: `$GITHUB_TOKEN` goes to GitHub, `$OPENAI_API_KEY`
// to OpenAI. A request that carries such a token (in a header too) to any other host hands it
// to that host. Sources: each service's API reference for its base URLs and its documented
// environment variable names (GITHUB_TOKEN/GH_TOKEN, GITLAB_TOKEN, OPENAI_API_KEY,
// ANTHROPIC_API_KEY, STRIPE_SECRET_KEY, SLACK_BOT_TOKEN, NPM_TOKEN, HF_TOKEN, ...).
// Self-hosted services keep their name in the host (`gitlab.corp.example`, `sentry.acme.io`),
// so a host with a label equal to the service word counts as its home too.
import { table } from '../../util/lookup-table.js';

const HOMES: Record<string, string[]> = table({
  github: ['github.com', 'githubusercontent.com', 'ghcr.io', 'githubapp.com', 'ghe.com'],
  gh: ['github.com', 'githubusercontent.com', 'ghcr.io', 'ghe.com'],
  gitlab: ['gitlab.com'],
  glab: ['gitlab.com'],
  bitbucket: ['bitbucket.org', 'atlassian.com', 'atlassian.net'],
  atlassian: ['atlassian.net', 'atlassian.com'],
  jira: ['atlassian.net', 'atlassian.com'],
  confluence: ['atlassian.net', 'atlassian.com'],
  openai: ['openai.com', 'azure.com'],
  anthropic: ['anthropic.com'],
  claude: ['anthropic.com'],
  gemini: ['googleapis.com', 'google.com'],
  google: ['googleapis.com', 'google.com'],
  gcp: ['googleapis.com', 'google.com'],
  gcloud: ['googleapis.com', 'google.com'],
  firebase: ['googleapis.com', 'firebaseio.com', 'google.com'],
  aws: ['amazonaws.com', 'amazon.com', 'aws'],
  azure: ['azure.com', 'azure.net', 'windows.net', 'microsoft.com', 'microsoftonline.com', 'visualstudio.com'],
  slack: ['slack.com'],
  discord: ['discord.com', 'discordapp.com'],
  telegram: ['telegram.org'],
  stripe: ['stripe.com'],
  twilio: ['twilio.com'],
  sendgrid: ['sendgrid.com', 'sendgrid.net'],
  mailgun: ['mailgun.net', 'mailgun.org'],
  postmark: ['postmarkapp.com'],
  npm: ['npmjs.org', 'npmjs.com', 'yarnpkg.com', 'github.com'],
  pypi: ['pypi.org', 'pythonhosted.org'],
  twine: ['pypi.org', 'pythonhosted.org'],
  docker: ['docker.io', 'docker.com'],
  dockerhub: ['docker.io', 'docker.com'],
  hf: ['huggingface.co', 'hf.co'],
  huggingface: ['huggingface.co', 'hf.co'],
  cloudflare: ['cloudflare.com'],
  cf: ['cloudflare.com'],
  vercel: ['vercel.com', 'vercel.app'],
  netlify: ['netlify.com', 'netlify.app'],
  heroku: ['heroku.com'],
  digitalocean: ['digitalocean.com'],
  linode: ['linode.com'],
  sentry: ['sentry.io'],
  datadog: ['datadoghq.com', 'datadoghq.eu'],
  newrelic: ['newrelic.com'],
  pagerduty: ['pagerduty.com'],
  circleci: ['circleci.com'],
  codecov: ['codecov.io'],
  notion: ['notion.so', 'notion.com'],
  linear: ['linear.app'],
  airtable: ['airtable.com'],
  shopify: ['myshopify.com', 'shopify.com'],
  supabase: ['supabase.co', 'supabase.com'],
  pinecone: ['pinecone.io'],
  replicate: ['replicate.com'],
  cohere: ['cohere.ai', 'cohere.com'],
  mistral: ['mistral.ai'],
  groq: ['groq.com'],
  deepseek: ['deepseek.com'],
  openrouter: ['openrouter.ai'],
  perplexity: ['perplexity.ai'],
  algolia: ['algolia.net', 'algolia.com', 'algolianet.com'],
  mapbox: ['mapbox.com'],
  doppler: ['doppler.com'],
  snyk: ['snyk.io'],
  dropbox: ['dropbox.com', 'dropboxapi.com'],
  figma: ['figma.com'],
});

/** The service a variable name is for, when the catalogue knows it (`GH_TOKEN` -> gh). */
export function tokenService(varName: string): string | undefined {
  for (const w of varName.toLowerCase().split('_')) if (Object.hasOwn(HOMES, w)) return w;
  return undefined;
}

/** Whether `host` is a home of `service` (its domains, or a host carrying its name as a label). */
export function isTokenHome(service: string, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const homes = HOMES[service] ?? [];
  if (homes.some((d) => h === d || h.endsWith(`.${d}`))) return true;
  return h.split('.').slice(0, -1).includes(service);
}

/** Whether `host` serves the API of a service this catalogue knows (any service's domains). */
export function isServiceHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const homes of Object.values(HOMES))
    if (homes.some((d) => d.includes('.') && (h === d || h.endsWith(`.${d}`)))) return true;
  return false;
}
