// Stand-in for an MCP SDK client (`@modelcontextprotocol/sdk` is not a dependency of svc).
// Written from the MCP specification and the SDK's public documentation, it mimics only the
// client's tool calls: listTools() -> { tools: [{ name, annotations }] } and
// callTool({ name, arguments }) -> { content: [{ type: 'text', text }], isError? }. It records
// what reached the "server".

export interface ListedTool {
  name: string;
  description?: string;
  annotations?: { destructiveHint?: boolean };
}

export class StandInMcpClient {
  readonly received: Array<{ name: string; arguments?: Record<string, unknown> }> = [];
  constructor(private readonly tools: ListedTool[]) {}

  async listTools(): Promise<{ tools: ListedTool[] }> {
    return { tools: this.tools };
  }

  async callTool(params: {
    name: string;
    arguments?: Record<string, unknown>;
  }): Promise<{ content: Array<{ type: 'text'; text: string }>; isError?: boolean }> {
    this.received.push(params);
    return { content: [{ type: 'text', text: `${params.name} done` }] };
  }

  getServerVersion(): { name: string; version: string } {
    return { name: 'stand-in', version: '1' };
  }
}
