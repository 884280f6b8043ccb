// Framework adapters for the TypeScript client: `import { guardTool } from 'svc/adapters'`.
export { checkCall, type CheckOptions } from './check.js';
export {
  guardTool,
  guardTools,
  type AiSdkTool,
  type GuardToolOptions,
  type ToolExecutionOptions,
} from './vercel-ai.js';
export { guardMcpClient, type McpCallToolParams, type McpGuardOptions, type McpToolCaller } from './mcp-adapter.js';
