// A Vercel AI SDK agent whose shell tool is checked by svc before every call.
// Needs the `ai` and `@ai-sdk/openai` packages and OPENAI_API_KEY; SERVICE_URL / SERVICE_TOKEN name svc.
import { execSync } from 'node:child_process';
import { generateText, stepCountIs, tool } from 'ai';
import { openai } from '@ai-sdk/openai';
import { z } from 'zod';
import { Client } from 'svc-firewall';
import { guardTool } from 'svc-firewall/adapters';

const svc = new Client({ agent: 'ai-sdk-example' });
const shell = tool({
  description: 'Run a shell command',
  inputSchema: z.object({ command: z.string() }),
  execute: async ({ command }) => execSync(command, { encoding: 'utf8' }),
});

const { text } = await generateText({
  model: openai('gpt-4o-mini'),
  tools: { shell: guardTool(svc, shell, { toolClass: 'exec' }) }, // a refusal reaches the model as a tool error
  stopWhen: stepCountIs(5),
  prompt: 'How much disk space is free?',
});
console.log(text);
