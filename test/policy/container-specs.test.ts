// Containers described in files started later (devcontainer.json, CI job containers, Jenkins pod
// templates) and host grants given through build and job options (BuildKit's insecure
// entitlement, Spark-on-Kubernetes hostPath volumes, devcontainer up --mount): container-specs.ts,
// container-run.ts.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (command: string) => ({ command });
const w = (path: string, content: string) => ({ path, content });
const e = (path: string, old_string: string, new_string: string) => ({ path, old_string, new_string });
const DC = '/home/dev/project/.devcontainer/devcontainer.json';

test('a container file or option that hands the host over is stopped', () => {
  const cases: Case[] = [
    [
      'A',
      'edit',
      e(
        DC,
        '"runArgs": ["--gpus", "all"]',
        '"runArgs": ["--gpus", "all", "--privileged", "--pid=host", "-v", "/:/host"]',
      ),
    ],
    ['A', 'write', w(DC, '{\n  "image": "mcr.microsoft.com/devcontainers/python:3.11",\n  "privileged": true\n}\n')],
    ['A', 'edit', e(DC, '"mounts": []', '"mounts": ["source=/,target=/host,type=bind"]')],
    [
      'A',
      'edit',
      e(DC, '"runArgs": []', '"runArgs": ["--cap-add=SYS_ADMIN", "--security-opt", "apparmor=unconfined"]'),
    ],
    [
      'A',
      'edit',
      e(
        '/home/dev/project/Jenkinsfile',
        '      containers:\n      - name: maven',
        '      hostNetwork: true\n      volumes:\n      - name: dsock\n        hostPath: {path: /var/run/docker.sock}\n      containers:\n      - name: maven\n        securityContext: {privileged: true}',
      ),
    ],
    [
      'A',
      'write',
      w(
        '/home/dev/project/Jenkinsfile',
        "pipeline {\n  agent { docker { image 'maven:3.9' args '-v /:/host --privileged' } }\n}\n",
      ),
    ],
    [
      'A',
      'write',
      w(
        '/home/dev/project/.github/workflows/ci.yml',
        'on: push\njobs:\n  b:\n    runs-on: ubuntu-latest\n    container:\n      image: node:20\n      options: --privileged -v /:/host\n    steps:\n      - run: npm ci\n',
      ),
    ],
    ['A', 'exec', x('docker buildx build --allow security.insecure -t api:dbg -f Dockerfile.debug .')],
    ['A', 'exec', x('buildctl build --frontend dockerfile.v0 --local context=. --allow security.insecure')],
    [
      'A',
      'exec',
      x(
        'spark-submit --master k8s://https://10.0.0.1:443 --conf spark.kubernetes.driver.volumes.hostPath.root.options.path=/ local:///opt/job.py',
      ),
    ],
    ['A', 'exec', x('devcontainer up --workspace-folder . --mount type=bind,source=/,target=/host')],
  ];
  check(cases);
});

test('ordinary container files and options pass', () => {
  check([
    ['B', 'edit', e(DC, '"runArgs": []', '"runArgs": ["--gpus", "all", "--shm-size=8g"]')],
    [
      'B',
      'write',
      w(
        DC,
        '{\n  "image": "mcr.microsoft.com/devcontainers/go:1.22",\n  "mounts": ["source=${localEnv:HOME}/.gitconfig,target=/home/vscode/.gitconfig,type=bind"],\n  "runArgs": ["--init"]\n}\n',
      ),
    ],
    [
      'B',
      'write',
      w(
        '/home/dev/project/Jenkinsfile',
        "pipeline {\n  agent { docker { image 'maven:3.9' args '-v $HOME/.m2:/root/.m2' } }\n}\n",
      ),
    ],
    [
      'B',
      'write',
      w(
        '/home/dev/project/.github/workflows/ci.yml',
        'on: push\njobs:\n  b:\n    runs-on: ubuntu-latest\n    container:\n      image: node:20\n      options: --cpus 2\n    steps:\n      - run: npm ci\n',
      ),
    ],
    ['B', 'exec', x('docker buildx build --platform linux/amd64,linux/arm64 -t api:ci --load .')],
    ['B', 'exec', x('docker buildx create --use --name multi --driver docker-container')],
    [
      'B',
      'exec',
      x(
        'spark-submit --master k8s://https://10.0.0.1:443 --conf spark.kubernetes.driver.volumes.persistentVolumeClaim.data.options.claimName=spark-data local:///opt/job.py',
      ),
    ],
    ['B', 'exec', x('devcontainer up --workspace-folder .')],
    // Docker outside of Docker: the documented way a dev container builds the project's images
    [
      'B',
      'edit',
      e(DC, '"mounts": []', '"mounts": ["source=/var/run/docker.sock,target=/var/run/docker.sock,type=bind"]'),
    ],
    ['B', 'edit', e(DC, '"runArgs": []', '"runArgs": ["-v", "/var/run/docker.sock:/var/run/docker.sock", "--init"]')],
  ]);
});
