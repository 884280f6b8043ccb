// Web shells: a file a web server or app serves, whose code hands the request's own input to
// eval or to a shell (`eval(base64_decode($_REQUEST['c']))`, `system($_GET['cmd'])`,
// `$_POST['f']($_POST['a'])`, `Runtime.getRuntime().exec(request.getParameter("c"))`,
// `os.popen(request.args["c"])`, `child_process.exec(req.query.c)`). Whoever knows the URL runs
// commands on the server from then on: standing access planted in a file. The reading is the
// flow, not a spelling: request input (directly, or through a variable assigned from it, and
// through decoders) reaching an eval or command sink. It is `startup-webshell FILE`, denied by
// policy startup-readings. Code that reads a request parameter for a query or a template, or runs
// a fixed command, is not this.
// Sources: OWASP "Web Shell" and MITRE ATT&CK T1505.003 (Server Software Component: Web Shell);
// the PHP manual's program execution functions; Java Runtime.exec, .NET Process.Start, Python
// os/subprocess, Node child_process.
import { posix } from 'node:path';
import type { Effect } from './types.js';

const SERVED = /\.(?:php\d?|phtml|inc|jsp|jspx|asp|aspx|ashx|py|js|mjs|cjs|ts|rb|cgi|pl)$/i;

const PHP_INPUT = String.raw`\$_(?:GET|POST|REQUEST|COOKIE|FILES|SERVER\s*\[\s*['"]HTTP_\w+['"]\s*\])`;
const PHP_SINK = String.raw`\b(?:eval|assert|system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|create_function|call_user_func(?:_array)?|preg_replace|include|include_once|require|require_once)\s*\(`;
const DECODERS = String.raw`(?:\s*(?:base64_decode|gzinflate|gzuncompress|gzdecode|str_rot13|strrev|stripslashes|urldecode|rawurldecode|hex2bin|trim)\s*\()*\s*`;

/** Other languages: a sink whose first argument is request input. */
const OTHER_SINKS = [
  /Runtime\.getRuntime\(\)\.exec\(\s*request\.getParameter\(/,
  /new\s+ProcessBuilder\([^)]*request\.getParameter\(/,
  /Process\.Start\([^)]*Request(?:\.(?:Form|QueryString|Params))?\s*\[/,
  /\b(?:os\.system|os\.popen|subprocess\.(?:run|call|check_output|Popen|getoutput)|eval|exec)\(\s*(?:flask\.)?request\.(?:args|form|values|json|data|cookies|headers)\b/,
  /\b(?:exec|execSync|spawn|spawnSync|eval)\(\s*req\.(?:query|body|params|headers|cookies)\b/,
  /\b(?:system|exec|eval|`)\s*\(?\s*params\[/,
];

/** Whether PHP text hands request input to an eval or command sink. */
function phpShell(text: string): boolean {
  if (new RegExp(PHP_SINK + DECODERS + PHP_INPUT).test(text)) return true;
  // a function named by the request: $_GET['f']($_GET['a'])
  if (new RegExp(PHP_INPUT + String.raw`\s*\[[^\]]+\]\s*\(`).test(text)) return true;
  // backticks run a shell in PHP
  if (new RegExp('`[^`]*' + PHP_INPUT).test(text)) return true;
  // through a variable: $c = $_REQUEST['c']; ... eval(base64_decode($c))
  for (const m of text.matchAll(new RegExp(String.raw`(\$\w+)\s*=\s*` + DECODERS + PHP_INPUT, 'g'))) {
    const v = (m[1] ?? '').replace('$', '\\$');
    if (new RegExp(PHP_SINK + DECODERS + v + String.raw`\b`).test(text)) return true;
    if (new RegExp(v + String.raw`\s*\(`).test(text.slice((m.index ?? 0) + m[0].length))) return true;
  }
  return false;
}

/**
 * Any language: a shell started with `-c` and, as its command, a value rather than a literal
 * (`System.cmd("sh", ["-c", c])`, `exec.Command("sh", "-c", cmd)`, `Command::new("sh").arg("-c").arg(cmd)`),
 * in code that takes a request's input (`req.query`, `request.args`, `r.URL.Query()`, `params[...]`,
 * Phoenix's `%{"c" => c}` parameters): a web shell in any language. A fixed command, or a
 * command-line tool running its user's own input, is not this.
 */
const SHELL_OF_VALUE =
  /["'](?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da|k)?sh["']\s*[,)]\s*(?:\.args?\(\s*)?\[?\s*["']-c["']\s*(?:,|\)\s*\.arg\()\s*(?!["'`\s])/;
const TAKES_REQUEST =
  /\b(?:req|request|r|ctx\.request)\.(?:query|body|params|form|args|values|URL|getParameter|GET|POST|query_string)\b|\bparams\[|\bconn\.(?:params|query_params|body_params)\b|\bdef\s+\w+\(\s*conn\s*,\s*%\{\s*"[^"]+"\s*=>|\bquery_string\(\)|\bc\.(?:Query|Param|PostForm)\(/;
/** Source files of languages web apps are written in (beyond the ones SERVED reads for its own sinks). */
const APP_SOURCE =
  /\.(?:exs?|go|rs|java|kt|scala|cs|swift|hs|ml|clj|cr|nim|dart|erl|lua|php\d?|py|js|mjs|cjs|ts|rb|pl|cgi)$/i;

function valueShell(path: string, content: string): boolean {
  return APP_SOURCE.test(path) && SHELL_OF_VALUE.test(content) && TAKES_REQUEST.test(content);
}

export function webShellEffects(path: string, content: string): Effect[] {
  if (content.length > 512 * 1024) return [];
  const served = SERVED.test(path);
  if (!served && !APP_SOURCE.test(path)) return [];
  const php = /\.(?:php\d?|phtml|inc)$/i.test(path) || /<\?php/.test(content);
  const hit =
    (served && (php ? phpShell(content) : OTHER_SINKS.some((re) => re.test(content)))) || valueShell(path, content);
  if (!hit) return [];
  const name = posix.basename(path.replace(/\\/g, '/'));
  return [
    {
      tool: 'startup',
      command: `startup-webshell ${name.replace(/\s+/g, '_')}`,
      via: `plants code in ${name} that runs whatever a request sends it (a web shell)`,
    },
  ];
}
