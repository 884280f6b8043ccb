// `svc completion bash|zsh|fish`: a completion script generated from the command table and each
// command's options, so a new command or option completes without touching this file.
import { onePositional, parse, UsageError, type Command, type CommandContext } from './args.js';
import { collectSpecs, renderCompletion, SHELLS, type Shell } from './completion/render.js';

const help = `usage: svc completion bash|zsh|fish

Prints a completion script for svc's commands, sub-commands and options.
  bash:  svc completion bash > ~/.local/share/bash-completion/completions/svc
  zsh:   svc completion zsh > "\${fpath[1]}/_svc"   (then: autoload -U compinit && compinit)
  fish:  svc completion fish > ~/.config/fish/completions/svc.fish
Or load it for the current shell only: source <(svc completion bash)`;

export default {
  help,
  words: SHELLS,
  async run(argv: string[], ctx?: CommandContext): Promise<number> {
    const { positionals } = parse(argv, {});
    const shell = onePositional(positionals, `expected one SHELL (${SHELLS.join(', ')})`);
    if (!(SHELLS as readonly string[]).includes(shell))
      throw new UsageError(`unknown shell "${shell}" (expected ${SHELLS.join(', ')})`);
    if (!ctx) throw new Error('completion needs the command table');
    const specs = await collectSpecs(ctx.commands);
    process.stdout.write(renderCompletion(shell as Shell, specs));
    return 0;
  },
} satisfies Command;
