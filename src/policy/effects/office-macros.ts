// An Office application driven through COM automation to run macros: PowerShell's `New-Object
// -ComObject Word.Application`, Python's `win32com.client.Dispatch('Excel.Application')`,
// VBScript's `CreateObject("Word.Application")`. Automation opens documents with macros
// enabled unless told otherwise, so a document opened this way runs its AutoOpen code with no
// prompt; `AutomationSecurity = 1` (msoAutomationSecurityLow) says so outright and `.Run('Name')`
// runs a macro by name (learn.microsoft.com, Application.AutomationSecurity, Application.Run).
// Read as `loads-code macros-on DOC` when macros are forced on or run by name, and as `loads-code
// DOC` when a macro-enabled document or template is opened, so the same rule that asks about a
// pickle from Downloads asks about a template from Downloads (policy code-running-loaders).
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const OFFICE_MACRO_HINT = /(?:word|excel|powerpoint|outlook|access|visio)\.application/i;

/** A document or template that can hold macros, or an add-in Office loads as code. */
const MACRO_DOC =
  /['"]([^'"]+\.(?:doc[mx]?|dot[mx]?|xls[mxb]?|xlt[mx]?|xlam|xla|ppt[mx]?|pot[mx]?|ppam|wll|xll))['"]/gi;
/** Macros forced on, or a macro run by name. */
const MACROS_ON = /\.automationsecurity\s*=\s*(?:1|msoautomationsecuritylow)\b|\.run\(\s*['"]|\.runautomacros\(/i;

export function officeMacroEffects(line: LineView, out: Effect[]): void {
  const text = line.text;
  if (!/comobject|dispatch(?:ex)?\(|createobject\(|getactiveobject/i.test(text)) return;
  const forced = MACROS_ON.test(text);
  const docs = [...text.matchAll(MACRO_DOC)].map((m) => (m[1] ?? '').replace(/\\+/g, '/'));
  const opened = docs.filter((d) =>
    /\.(?:docm|dotm|xlsm|xlsb|xltm|xlam|xla|pptm|potm|ppam|wll|xll|doc|dot|xls|xlt|ppt|pot)$/i.test(d),
  );
  if (!forced && !opened.length) return;
  const doc = (opened[0] ?? docs[0] ?? 'office-document').replace(/^[A-Za-z]:\//, '/').replace(/^\/Users\/[^/]+/i, '~');
  out.push({
    tool: 'exec',
    command: `loads-code ${forced ? 'macros-on ' : ''}${doc.replace(/\s/g, '_')}`,
    via: forced
      ? `drives Office through COM with its macros switched on or run by name (${doc})`
      : `opens ${doc} through Office COM automation, which runs its macros without a prompt`,
  });
}
