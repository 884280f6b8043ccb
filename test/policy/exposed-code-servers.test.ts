// Servers that run code for whoever connects: bare Jupyter kernels, the Kernel Gateway and RPyC's
// classic server on a non-loopback address, and configuration files (Jupyter, code-server) that
// make every later start of a server open without a login (exposed-shells.ts).
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const x = (command: string) => ({ command });
const w = (path: string, content: string) => ({ path, content });

test('code servers and server configurations open to the network without a login are denied', () => {
  check([
    ['D', 'exec', x('python -m ipykernel_launcher --ip=0.0.0.0 -f /tmp/kernel.json &')],
    ['D', 'exec', x('ipython kernel --ip=0.0.0.0 -f /tmp/k.json')],
    ['D', 'exec', x('jupyter kernelgateway --KernelGatewayApp.ip=0.0.0.0 --KernelGatewayApp.port=9999')],
    ['D', 'exec', x('rpyc_classic.py --host 0.0.0.0 --port 18812')],
    [
      'D',
      'write',
      w(
        '/home/dev/.jupyter/jupyter_server_config.py',
        "c = get_config()\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.token = ''\nc.ServerApp.password = ''\n",
      ),
    ],
    [
      'D',
      'write',
      w('/home/dev/.jupyter/jupyter_notebook_config.json', '{"NotebookApp": {"ip": "0.0.0.0", "token": ""}}\n'),
    ],
    [
      'D',
      'write',
      w('/home/dev/.config/code-server/config.yaml', 'bind-addr: 0.0.0.0:8080\nauth: none\ncert: false\n'),
    ],
    ['D', 'write', w('/home/dev/.ipython/profile_default/ipython_kernel_config.py', "c.IPKernelApp.ip = '0.0.0.0'\n")],
  ]);
});

test('kernels installed or on loopback, and configurations with a login or on loopback, pass', () => {
  check([
    ['B', 'exec', x('python -m ipykernel install --user --name venv')],
    ['B', 'exec', x('ipython kernel -f /tmp/k.json')],
    [
      'B',
      'write',
      w('/home/dev/.ipython/profile_default/ipython_kernel_config.py', "c.IPKernelApp.matplotlib = 'inline'\n"),
    ],
    ['B', 'exec', x('jupyter kernelgateway --KernelGatewayApp.ip=0.0.0.0 --KernelGatewayApp.auth_token=$KG_TOKEN')],
    [
      'B',
      'write',
      w(
        '/home/dev/.jupyter/jupyter_server_config.py',
        'c = get_config()\nc.ServerApp.port = 8899\nc.ServerApp.open_browser = False\n',
      ),
    ],
    [
      'B',
      'write',
      w(
        '/home/dev/.jupyter/jupyter_server_config.py',
        "c.ServerApp.ip = '0.0.0.0'\nc.PasswordIdentityProvider.hashed_password = 'argon2:...'\n",
      ),
    ],
    [
      'B',
      'write',
      w('/home/dev/.config/code-server/config.yaml', 'bind-addr: 127.0.0.1:8080\nauth: password\ncert: false\n'),
    ],
  ]);
});
