// Shipping read from the shape of a call, for tools svc has never heard of: a forced release-like
// verb, an owner added to a published package, a GraphQL mutation that publishes, a control pushed
// to every managed host, rules imported over the ones in force, a running release hot-patched.
import { test } from 'node:test';
import { check, expectCommand, expectPasses } from './effects-helpers.js';

test('forced release-like verbs and owners added to a package are asked, whatever the tool', () => {
  for (const c of [
    'shopify app release --version=erp-sync-42 --force',
    'acmectl app release --version=v42 --force',
    'fooctl rollout --force web',
    'mix hex.owner add courier_proto ops@courier-support.net',
    'mix hex.owner transfer courier_proto bob@x.net',
  ])
    expectCommand(c, 'stop');
  for (const c of [
    'acmectl app release --version=v42',
    'mix hex.owner list courier_proto',
    'fooctl rollout status web',
    'cargo build --release',
    'flyctl releases list',
  ])
    expectPasses(c);
});

test('a GraphQL mutation that publishes is asked over MCP and HTTP; queries, edits and unpublishing are not', () => {
  check([
    [
      'A',
      'mcp',
      {
        tool: 'shopify_graphql',
        query: 'mutation { themePublish(id: "gid://shopify/OnlineStoreTheme/1") { theme { id } } }',
      },
    ],
    [
      'A',
      'exec',
      {
        command: `curl -s -X POST https://api.acme-cms.io/graphql -d '{"query":"mutation { publishRelease(id: 42) { id } }"}'`,
      },
    ],
    ['B', 'mcp', { tool: 'shopify_graphql', query: 'query { themes(first: 5) { nodes { id role } } }' }],
    [
      'B',
      'mcp',
      {
        tool: 'shopify_graphql',
        query: 'mutation { productUpdate(input: {id: "gid://x/1", title: "New"}) { product { id } } }',
      },
    ],
  ]);
});

test('controls pushed to every managed host and rule sets imported over the live ones are asked', () => {
  for (const c of [
    `curl -s -X POST "$S1_URL/web/api/v2.1/restrictions" -d '{"data":{"type":"black_hash","value":"3f78"},"filter":{"tenant":true}}'`,
    `curl -s -X POST 'https://kibana.soc.internal/api/detection_engine/rules/_import?overwrite=true' --form file=@build/rules.ndjson`,
    `python3 -c "from falconpy import IOC;print(IOC().indicator_create(action='prevent',applied_globally=True,type='sha256',value='2a8f'))"`,
  ])
    expectCommand(c, 'stop');
  for (const c of [
    `curl -s -X POST https://edr.example.com/api/v1/restrictions -d '{"value":"abc","filter":{"groupIds":["12"]}}'`,
    `curl -s -X POST 'https://kibana.soc.internal/api/detection_engine/rules/_import' --form file=@build/rules.ndjson`,
    `curl -X POST 'http://localhost:5601/api/detection_engine/rules/_import?overwrite=true' --form file=@r.ndjson`,
    `python3 -c "from falconpy import IOC;print(IOC().indicator_create(action='detect',host_groups=['g1'],type='sha256',value='2a8f'))"`,
  ])
    expectPasses(c);
});

test("a running release's control script told to load code, change config or reach every node is asked", () => {
  expectCommand(
    `/usr/local/courier/bin/courier rpc 'for n <- [node() | Node.list()], do: :rpc.call(n, :code, :load_binary, [Courier.Router, ~c"hotfix", File.read!("/tmp/x.beam")])'`,
    'stop',
  );
  expectCommand('/opt/courier/bin/courier upgrade 1.4.2', 'stop');
  for (const c of [
    `/usr/local/courier/bin/courier rpc 'IO.puts Courier.Health.check()'`,
    '/opt/courier/bin/courier pid',
    '_build/dev/rel/courier/bin/courier rpc "IO.puts 1"',
    '/usr/local/bin/pip install requests',
    '/opt/homebrew/bin/brew install jq',
  ])
    expectPasses(c);
});
