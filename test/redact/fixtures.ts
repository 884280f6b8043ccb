// Shared fixtures: one command per secret category (with the exact redacted text expected and
// the secret strings that must never survive), and look-alikes that must survive unchanged.
// The sidecar tests reuse POSITIVE to prove no secret reaches a model prompt.
//
// Every secret below is fabricated; it only has the shape of the real thing.

export interface Positive {
  category: number;
  input: string;
  expected: string;
  secrets: string[];
}

export interface Negative {
  category: number;
  input: string;
}

const PEM_BODY =
  'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\nVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n';

export const POSITIVE: Positive[] = [
  {
    category: 0,
    input: `printf '-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}-----END RSA PRIVATE KEY-----' > key.pem`,
    expected: "printf '-----BEGIN RSA PRIVATE KEY-----[REDACTED]-----END RSA PRIVATE KEY-----' > key.pem",
    secrets: ['MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', 'BstIs+bMY2Zkp18gnTxK'],
  },
  {
    category: 1,
    input: 'aws iam delete-access-key --access-key-id AKIAIOSFODNN7EXAMPLE',
    expected: 'aws iam delete-access-key --access-key-id [REDACTED]',
    secrets: ['AKIAIOSFODNN7EXAMPLE'],
  },
  {
    category: 1,
    input: 'gsutil -o Credentials:gs_access_key_id=GOOG1EXAMPLEABCDEFGHIJKLMNOPQRSTUVWXYZ ls',
    expected: 'gsutil -o Credentials:gs_access_key_id=[REDACTED] ls',
    secrets: ['GOOG1EXAMPLEABCDEFGHIJKLMNOPQRSTUVWXYZ'],
  },
  {
    category: 2,
    input: 'export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY && aws s3 ls',
    expected: 'export AWS_SECRET_ACCESS_KEY=[REDACTED] && aws s3 ls',
    secrets: ['wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  },
  {
    category: 2,
    input:
      'az storage blob list --connection-string "AccountName=acct;AccountKey=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4MTIz==;"',
    expected: 'az storage blob list --connection-string "AccountName=acct;AccountKey=[REDACTED];"',
    secrets: ['Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4MTIz'],
  },
  {
    category: 3,
    input: 'curl https://api.stripe.com/v1/charges -u sk_live_4eC39HqLyjWDarjtT1zdp7dc: -d amount=2000',
    expected: 'curl https://api.stripe.com/v1/charges -u [REDACTED]: -d amount=2000',
    secrets: ['sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
  },
  {
    category: 3,
    input: 'stripe listen --api-key rk_test_51H8aBcDeFgHiJkLmNoPq',
    expected: 'stripe listen --api-key [REDACTED]',
    secrets: ['rk_test_51H8aBcDeFgHiJkLmNoPq'],
  },
  {
    category: 4,
    input: 'llm -m claude --key sk-ant-api03-aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1hJ3k-AbCdEfAA "hi"',
    expected: 'llm -m claude --key [REDACTED] "hi"',
    secrets: ['sk-ant-api03-aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1hJ3k-AbCdEfAA'],
  },
  {
    category: 4,
    input: 'python chat.py --openai sk-proj-Abc123Def456Ghi789Jkl012Mno345',
    expected: 'python chat.py --openai [REDACTED]',
    secrets: ['sk-proj-Abc123Def456Ghi789Jkl012Mno345'],
  },
  {
    category: 4,
    input: 'curl "https://generativelanguage.googleapis.com/v1/models?key=AIzaSyD9tSrke72PouQMnMXa7eZSW0jkFMBWY12"',
    expected: 'curl "https://generativelanguage.googleapis.com/v1/models?key=[REDACTED]"',
    secrets: ['AIzaSyD9tSrke72PouQMnMXa7eZSW0jkFMBWY12'],
  },
  {
    category: 5,
    input: 'slack-cli send --as xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx "deploy done"',
    expected: 'slack-cli send --as [REDACTED] "deploy done"',
    secrets: ['xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
  },
  {
    category: 5,
    input: 'curl -X POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -d @msg.json',
    expected: 'curl -X POST https://hooks.slack.com/services/[REDACTED] -d @msg.json',
    secrets: ['T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
  },
  {
    category: 6,
    input: 'huggingface-cli login --hf hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    expected: 'huggingface-cli login --hf [REDACTED]',
    secrets: ['hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'],
  },
  {
    category: 6,
    input: 'databricks configure --host https://x.cloud.databricks.com dapi0123456789abcdef0123456789abcdef',
    expected: 'databricks configure --host https://x.cloud.databricks.com [REDACTED]',
    secrets: ['dapi0123456789abcdef0123456789abcdef'],
  },
  {
    category: 7,
    input: "curl -H 'X-API-Key: 9f8e7d6c5b4a' https://api.example.com/items",
    expected: "curl -H 'X-API-Key: [REDACTED]' https://api.example.com/items",
    secrets: ['9f8e7d6c5b4a'],
  },
  {
    category: 7,
    input: 'DEPLOY_TOKEN=abc123xyz ./deploy.sh && curl "https://api.example.com/v1?api_key=q1w2e3r4&page=2"',
    expected: 'DEPLOY_TOKEN=[REDACTED] ./deploy.sh && curl "https://api.example.com/v1?api_key=[REDACTED]&page=2"',
    secrets: ['abc123xyz', 'q1w2e3r4'],
  },
  {
    category: 7,
    input: `echo '{"apikey": "zz-top-secret-value", "name": "svc"}' | mysql --password=hunter2 db`,
    expected: `echo '{"apikey": "[REDACTED]", "name": "svc"}' | mysql --password=[REDACTED] db`,
    secrets: ['zz-top-secret-value', 'hunter2'],
  },
  {
    category: 8,
    input: 'echo ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab | gh auth login --with-token',
    expected: 'echo [REDACTED] | gh auth login --with-token',
    secrets: ['ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab'],
  },
  {
    category: 8,
    input:
      'git push https://oauth2@gitlab.com/g/p.git glpat-AbCdEfGhIjKlMnOpQrSt && npm publish --otp npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    expected: 'git push https://oauth2@gitlab.com/g/p.git [REDACTED] && npm publish --otp [REDACTED]',
    secrets: ['glpat-AbCdEfGhIjKlMnOpQrSt', 'npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'],
  },
  {
    category: 9,
    input: 'wscat -c wss://stream.example.com --auth "Bearer 7f3a9c2e1b-Zq"',
    expected: 'wscat -c wss://stream.example.com --auth "Bearer [REDACTED]"',
    secrets: ['7f3a9c2e1b-Zq'],
  },
  {
    category: 9,
    input:
      'http GET :8080/me token==eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    expected: 'http GET :8080/me token==[REDACTED]',
    secrets: ['eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  },
  {
    category: 10,
    input: "curl -H 'Authorization: Basic dXNlcjpwYXNz' https://intranet.example.com",
    expected: "curl -H 'Authorization: Basic [REDACTED]' https://intranet.example.com",
    secrets: ['dXNlcjpwYXNz'],
  },
  {
    category: 10,
    input: 'fetch(url, {headers: {"Authorization": "a1b2c3d4e5"}})',
    expected: 'fetch(url, {headers: {"Authorization": "[REDACTED]"}})',
    secrets: ['a1b2c3d4e5'],
  },
  {
    category: 11,
    input: 'git clone https://alice:s3cr3t-pa55@git.example.com/team/repo.git',
    expected: 'git clone https://[REDACTED]@git.example.com/team/repo.git',
    secrets: ['s3cr3t-pa55', 'alice:'],
  },
  {
    category: 11,
    input: 'psql postgres://admin:Sup3r%40Secret@db.internal:5432/app -c "select 1"',
    expected: 'psql postgres://[REDACTED]@db.internal:5432/app -c "select 1"',
    secrets: ['Sup3r%40Secret'],
  },
  {
    category: 12,
    input:
      'verify --checksum 3f786850e387550fdab836ed7e6dc881de23001b --key 9a0364b9e99bb480dd25e1f0284c8555e2c6c1c7a2b0e4a8f3d2c1b0a9e8f7d6',
    expected: 'verify --checksum [REDACTED] --key [REDACTED]',
    secrets: [
      '3f786850e387550fdab836ed7e6dc881de23001b',
      '9a0364b9e99bb480dd25e1f0284c8555e2c6c1c7a2b0e4a8f3d2c1b0a9e8f7d6',
    ],
  },
  {
    category: 13,
    input: "curl -H 'X-Signature: c2lnbmF0dXJlOmFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6MDEyMzQ1' https://hooks.example.com",
    expected: "curl -H 'X-Signature: [REDACTED]' https://hooks.example.com",
    secrets: ['c2lnbmF0dXJlOmFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6MDEyMzQ1'],
  },
  {
    category: 13,
    input: 'wget --header=X-Session:QmFzZTY0U2Vzc2lvbkJsb2IxMjM0NTY3ODk= https://example.com/file',
    expected: 'wget --header=X-Session:[REDACTED] https://example.com/file',
    secrets: ['QmFzZTY0U2Vzc2lvbkJsb2IxMjM0NTY3ODk='],
  },
];

export const NEGATIVE: Negative[] = [
  {
    category: 0,
    input:
      'openssl x509 -in cert.pem -noout # -----BEGIN CERTIFICATE----- MIIBszCCAVmgAwIBAgIU -----END CERTIFICATE-----',
  },
  { category: 0, input: 'grep -l "BEGIN PUBLIC KEY" *.pem' },
  { category: 1, input: 'echo AKIAIOSFODNN7EXAMP is too short to be a key id' },
  { category: 1, input: 'aws sts get-caller-identity --query Account' },
  { category: 2, input: 'aws configure get aws_secret_access_key' },
  { category: 2, input: 'export AWS_SECRET_ACCESS_KEY="$SECRET_FROM_VAULT"' },
  { category: 3, input: 'echo "only use sk_live_ keys in production, sk_test_ elsewhere"' },
  { category: 3, input: 'grep -r pk_test_short config/' },
  { category: 4, input: 'echo "OpenAI keys start with sk- and are long"' },
  { category: 4, input: 'pip install sk-learn-compatible-estimator-tools' },
  { category: 5, input: 'echo "xoxb- is the Slack bot token prefix"' },
  { category: 5, input: 'curl https://hooks.slack.com/' },
  { category: 6, input: 'python -c "from huggingface_hub import hf_hub_download"' },
  { category: 6, input: 'echo dapi is the Databricks prefix' },
  { category: 7, input: 'echo "the api key is stored in the vault, never in the repo"' },
  { category: 7, input: 'API_KEY=$API_KEY ./run.sh --token-file ~/.config/token && curl -H "X-API-Key: ${KEY}" x' },
  { category: 8, input: 'echo "ghp_ is the prefix of classic GitHub tokens"; echo ghp_short' },
  { category: 8, input: 'git log --author=glpat-bot' },
  { category: 9, input: 'echo "the Bearer scheme is described in RFC 6750"' },
  { category: 9, input: 'curl -H "Authorization: Bearer $TOKEN" https://api.example.com' },
  { category: 10, input: 'echo "Authorization is required for this endpoint"' },
  { category: 10, input: 'echo "Authorization: see the docs"' },
  { category: 11, input: 'curl "https://example.com:8443/path?email=a@b.c" && ssh git@github.com' },
  { category: 11, input: 'git clone https://user@host.example.com/repo.git && docker run -u 1000:1000 img' },
  { category: 12, input: 'echo 3f786850e387550fdab836ed7e6dc881de23001 is only 39 hex characters' },
  { category: 12, input: 'echo x3f786850e387550fdab836ed7e6dc881de23001b is part of a longer word' },
  { category: 13, input: 'echo aGVsbG8gd29ybGQgdGhpcyBpcyBhIHRlc3QK | base64 -d' },
  {
    category: 13,
    input:
      "curl -H 'Content-Type: application/x-www-form-urlencoded' -H 'X-Request-Id: 123e4567-e89b-12d3-a456-426614174000' x",
  },
];
