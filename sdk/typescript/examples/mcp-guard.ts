// An MCP client whose tool calls are checked by svc before they reach the server.
// Needs `@modelcontextprotocol/sdk`; SERVICE_URL / SERVICE_TOKEN name svc.
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client } from 'svc-firewall';
import { guardMcpClient } from 'svc-firewall/adapters';

const mcp = new McpClient({ name: 'mcp-guard-example', version: '1.0.0' });
await mcp.connect(
  new StdioClientTransport({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'] }),
);
const guarded = guardMcpClient(new Client({ agent: 'mcp-example' }), mcp);

await guarded.listTools(); // lets the guard see which tools the server marks destructive
const result = await guarded.callTool({ name: 'read_file', arguments: { path: 'README.md' } });
console.log(result.isError ? `refused: ${result.content[0].text}` : result.content[0].text.slice(0, 200));
await mcp.close();
