// What a whole-line reading looks at (line-readings.ts LineFacts has this shape); readings
// import this rather than line-readings.ts, which imports them.
import type { SimpleCommand } from './walk.js';

export interface LineView {
  /** The command line as written. */
  readonly text: string;
  /** Its simple commands, nested ones included. */
  readonly cmds: SimpleCommand[];
  /** Lower-case base names of the programs it runs. */
  readonly programs: ReadonlySet<string>;
}
