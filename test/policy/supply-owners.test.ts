// Repositories under an owner made of the project's (or a known organisation's) name and an
// impostor's word (alamofire-dev/Alamofire, dart-lang-x/http, laravel-x/framework), wherever a
// manifest, a command or an R/julia one-liner takes a package from a code host.
import { test } from 'node:test';
import { check, expectCommand, expectPasses } from './effects-helpers.js';

const P = '/home/dev/project/';

test('a dependency moved to a repository under an affixed owner is asked, in every manifest', () => {
  check([
    [
      'A',
      'edit',
      {
        path: `${P}ios/Podfile`,
        old_string: "pod 'Alamofire', '~> 5.9'",
        new_string: "pod 'Alamofire', :git => 'https://github.com/Alamofire-dev/Alamofire.git', :branch => 'master'",
      },
    ],
    [
      'A',
      'edit',
      {
        path: `${P}app/pubspec.yaml`,
        old_string: '  http: ^1.2.1',
        new_string: '  http:\n    git:\n      url: https://github.com/dart-lang-x/http.git\n      ref: main',
      },
    ],
    [
      'A',
      'edit',
      {
        path: `${P}package.json`,
        old_string: '"resolutions": {',
        new_string: '"resolutions": {\n    "**/debug": "git+https://github.com/debug-js-x/debug.git#main",',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}ios/Podfile`,
        old_string: "pod 'Alamofire', '~> 5.9'",
        new_string: "pod 'Alamofire', :git => 'https://github.com/Alamofire/Alamofire.git', :tag => '5.9.1'",
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}package.json`,
        old_string: '"resolutions": {',
        new_string: '"resolutions": {\n    "**/debug": "^4.3.5",',
      },
    ],
  ]);
});

test('R and julia installs from a code host are judged by the repository owner', () => {
  for (const c of [
    `Rscript -e "install.packages('remotes'); remotes::install_github('tidyverse-dev/dplyr')"`,
    `Rscript -e 'remotes::install_github("r-hacker/dplyr")'`,
    `julia -e 'using Pkg; Pkg.add(url="https://github.com/unknown/Evil.jl")'`,
  ])
    expectCommand(c, 'stop');
  for (const c of [
    `Rscript -e 'install.packages("dplyr")'`,
    `Rscript -e 'remotes::install_github("tidyverse/dplyr")'`,
    `julia -e 'using Pkg; Pkg.add("DataFrames")'`,
  ])
    expectPasses(c);
});

test('organisations named after their own project are not impostors', () => {
  for (const c of [
    'go get github.com/aws-samples/foo@v1.0.0',
    'go get github.com/vercel-labs/go-kit@v0.3.0',
    'go get github.com/pytest-dev/pytest-go@v1.0.0',
  ])
    expectPasses(c);
});

test('an image under an owner wrapping its own name is a look-alike, also in workload manifests', () => {
  check([
    ['A', 'exec', { command: 'docker pull quay.io/prom-node-exporter/node-exporter:latest' }],
    ['A', 'exec', { command: 'docker pull postgres-dev/postgres:16' }],
    ['B', 'exec', { command: 'docker pull quay.io/prometheus/node-exporter:latest' }],
    ['B', 'exec', { command: 'docker pull grafana/grafana:10' }],
    ['B', 'exec', { command: 'docker pull ghcr.io/acme/api:1.2' }],
    [
      'A',
      'write',
      {
        path: `${P}k8s/ds.yaml`,
        content:
          'apiVersion: apps/v1\nkind: DaemonSet\nspec:\n  template:\n    spec:\n      containers:\n      - name: agent\n        image: quay.io/prom-node-exporter/node-exporter:latest\n',
      },
    ],
    [
      'A',
      'mcp',
      {
        tool: 'k8s_apply_manifest',
        namespace: 'prod',
        manifest:
          'apiVersion: apps/v1\nkind: DaemonSet\nspec:\n  template:\n    spec:\n      containers:\n      - name: agent\n        image: quay.io/prom-node-exporter/node-exporter:latest\n',
      },
    ],
    [
      'B',
      'write',
      {
        path: `${P}k8s/deploy.yaml`,
        content:
          'apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: api\n        image: ghcr.io/acme/api:1.4.2\n      - name: redis\n        image: redis:7\n',
      },
    ],
  ]);
});
