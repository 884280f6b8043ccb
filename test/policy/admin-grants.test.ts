// Administrator power granted inside a shared system (admin-grants.ts): Vault policies with sudo
// or every path, never-expiring admin logins, cluster-admin in written manifests, admin roles set
// over a service's REST API. Narrow policies, expiring logins and ordinary bindings pass.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const x = (command: string) => ({ command });
const w = (path: string, content: string) => ({ path, content });

test('administrator grants in Vault, Kubernetes manifests and service APIs are denied', () => {
  check([
    [
      'D',
      'exec',
      x(
        `vault policy write dev-policy - <<'EOF'\npath "*" { capabilities = ["create","read","update","delete","list","sudo"] }\nEOF`,
      ),
    ],
    ['D', 'exec', x(`echo 'path "sys/*" { capabilities = ["create", "update"] }' | vault policy write ci -`)],
    [
      'D',
      'exec',
      x('vault write auth/approle/role/backup token_policies=admin secret_id_ttl=0 token_ttl=0 secret_id_num_uses=0'),
    ],
    [
      'D',
      'write',
      w(
        '/home/dev/project/k8s/base/rbac.yaml',
        'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: payments-default-admin\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: cluster-admin\nsubjects:\n  - kind: ServiceAccount\n    name: default\n    namespace: payments\n',
      ),
    ],
    [
      'D',
      'write',
      w(
        '/home/dev/project/k8s/base/role.yaml',
        'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: all\nrules:\n  - apiGroups: ["*"]\n    resources: ["*"]\n    verbs: ["*"]\n',
      ),
    ],
    [
      'D',
      'exec',
      x(
        `curl -u admin:admin123 -X PUT -H 'Content-Type: application/json' http://nexus.corp.local:8081/service/rest/v1/security/users/jdoe -d '{"userId":"jdoe","status":"active","roles":["nx-admin"]}'`,
      ),
    ],
    [
      'D',
      'exec',
      x(
        `curl -X PUT -H "Authorization: Bearer $T" https://grafana.corp/api/admin/users/7/permissions -d '{"isGrafanaAdmin": true}'`,
      ),
    ],
    [
      'D',
      'exec',
      x(`curl --request PUT --header "PRIVATE-TOKEN: $T" "https://gitlab.corp/api/v4/users/42?admin=true"`),
    ],
  ]);
});

test('narrow policies, expiring logins, namespaced read bindings and ordinary user updates pass', () => {
  check([
    [
      'B',
      'exec',
      x(`vault policy write app-read - <<'EOF'\npath "secret/data/app/*" { capabilities = ["read"] }\nEOF`),
    ],
    ['B', 'exec', x('vault policy read admin')],
    ['B', 'exec', x('vault write auth/approle/role/ci token_policies=ci-deploy token_ttl=1h')],
    ['B', 'exec', x('vault write auth/approle/role/ops token_policies=ops-admin token_ttl=0 token_max_ttl=4h')],
    [
      'B',
      'write',
      w(
        '/home/dev/project/k8s/base/rolebinding.yaml',
        'apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: payments-view\n  namespace: payments\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: view\nsubjects:\n  - kind: ServiceAccount\n    name: payments\n    namespace: payments\n',
      ),
    ],
    [
      'B',
      'exec',
      x(
        `curl -u admin:x -X PUT http://nexus.corp.local:8081/service/rest/v1/security/users/jdoe -d '{"roles":["nx-developer"]}'`,
      ),
    ],
    ['B', 'exec', x('curl -s "https://gitlab.corp/api/v4/users?admins=true"')],
  ]);
});
