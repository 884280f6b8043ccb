// What a container is given of the host, read from its options in any spelling
// (src/policy/effects/container-run.ts), decided by the standard profile's container-host-grants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, run, expectExec, expectPasses } from './effects-helpers.js';

test("a container given the host's root, system folders, disks or processes is denied", () => {
  for (const c of [
    'docker run -it --rm -v /:/host alpine chroot /host sh',
    "docker run --rm -v /:/mnt --entrypoint sh alpine -c 'cat /mnt/etc/shadow'",
    'docker run --rm --mount type=bind,source=/,target=/host alpine ls /host',
    'docker run --volume=/etc:/host-etc:rw alpine sh',
    'docker run -v/:/h alpine sh',
    'podman run --rm --privileged --device=/dev/nvme0n1 fedora sh',
    'docker run --device /dev/sda:/dev/sda alpine sh',
    'docker container run -it --pid host --net host ubuntu bash',
    'nerdctl run --net=host --userns=host -v /etc:/h alpine sh',
    'docker run --rm -v /Users/dev:/mnt alpine cat /mnt/.ssh/id_rsa',
    'docker create -v /root:/r alpine',
    'kubectl run x --rm -it --image=alpine --overrides=\'{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/"}}],"containers":[{"name":"x","image":"alpine"}]}}\'',
    'kubectl patch deploy api -p \'{"spec":{"template":{"spec":{"hostPID":true}}}}\'',
  ])
    expectExec(c, 'deny');
});

test('privileged containers, root capabilities, unconfined profiles, sockets and credential folders ask', () => {
  for (const c of [
    'docker run --rm -it --privileged alpine sh',
    'docker run --privileged=true alpine sh',
    'docker run --cap-add=ALL --security-opt apparmor=unconfined alpine sh',
    'docker run --security-opt seccomp=unconfined --cap-add SYS_PTRACE alpine sh',
    'docker run --cap-add=sys_admin alpine sh',
    'docker run -v /run/containerd/containerd.sock:/run/containerd/containerd.sock alpine sh',
    'docker run -v ~/.aws:/root/.aws amazon/aws-cli s3 ls',
    'docker run --ipc=host alpine sh',
  ]) {
    const d = run(c);
    assert.ok(d.action === 'ask' || d.action === 'deny', `${c}: ${d.action}`);
  }
});

test('project mounts, caches, named volumes and ordinary options stay allowed', () => {
  for (const c of [
    'docker run --rm -v $PWD:/src -w /src node:20 npm test',
    'docker run --rm -v "$PWD":/work -w /work golang:1.22 go test ./...',
    'docker run --rm -v ~/.m2:/root/.m2 -v $(pwd):/app -w /app maven:3 mvn -q test',
    'docker run -d --name pg -e POSTGRES_PASSWORD=postgres -v pgdata:/var/lib/postgresql/data -p 5432:5432 postgres:16',
    'docker run --rm --cap-add=NET_BIND_SERVICE nginx',
    'docker run --rm --security-opt no-new-privileges alpine id',
    'docker run --rm alpine ls -la /',
  ])
    expectPasses(c);
});

test('other runtimes and spellings: ctr with global options, exec --privileged, LXD, pod spec edits, escape recon', () => {
  expectExec(
    'ctr -n k8s.io run --privileged --mount type=bind,src=/,dst=/host,options=rbind docker.io/library/alpine:latest x sh',
    'deny',
  );
  expectExec(
    'lxc config set c1 security.privileged true && lxc config device add c1 root disk source=/ path=/mnt/root',
    'deny',
  );
  for (const c of [
    "docker exec -u 0 --privileged api sh -c 'mount -o remount,rw /sys/fs/cgroup'",
    'capsh --print; cat /proc/1/status | grep Cap',
    'lxc config set c1 security.privileged true',
  ]) {
    const d = run(c);
    assert.ok(d.action === 'ask' || d.action === 'deny', `${c}: ${d.action}`);
  }
  const d = decide('edit', {
    path: '/home/dev/project/k8s/deployment.yaml',
    old_string: 'securityContext:\n          runAsNonRoot: true',
    new_string: 'securityContext:\n          privileged: true\n        hostPID: true',
  });
  assert.equal(d.action, 'deny', d.message);
  expectPasses('docker exec -it api bash');
  expectPasses('lxc list');
});

test('block devices made by hand, writable cgroup/proc remounts and an open Docker daemon are denied', () => {
  for (const c of [
    'mknod /tmp/sda b 8 0 && debugfs /tmp/sda',
    'mount -o remount,rw /sys/fs/cgroup',
    'dockerd -H tcp://0.0.0.0:2375',
    'docker -H tcp://10.0.0.5:2375 run -v /:/host alpine',
  ])
    expectExec(c, 'deny');
  const d = run('kubectl exec -it -n kube-system kube-proxy-abc12 -- sh');
  assert.equal(d.action, 'ask');
  expectPasses('mount | grep cgroup');
});
