{
  "targets": [
    {
      "target_name": "svc_native",
      "sources": ["native/svc_native.cc", "native/preload_listener.cc", "native/preload_fastpath.cc"],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "defines": ["NAPI_DISABLE_CPP_EXCEPTIONS", "NAPI_VERSION=8"],
      "cflags_cc": ["-O2", "-std=c++17", "-pthread", "-Wall", "-Wextra", "-Wunused-parameter"],
      "ldflags": ["-pthread"]
    },
    {
      "target_name": "svc",
      "type": "shared_library",
      "product_prefix": "lib",
      "sources": [
        "preload/libsvc.c",
        "preload/svc_check.c",
        "preload/svc_env.c",
        "preload/svc_path.c",
        "preload/svc_reply.c",
        "preload/svc_wire.c",
        "preload/svc_exe.c",
        "preload/svc_sha256.c"
      ],
      "cflags": ["-O2", "-fvisibility=hidden", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-nonnull-compare", "-fno-delete-null-pointer-checks"],
      "libraries": ["-ldl"],
      "cflags!": ["-O3"],
      "conditions": [
        ["OS=='linux'", {
          "ldflags": [
            "-Wl,--as-needed",
            "-Wl,-z,noseparate-code",
            "-Wl,-z,norelro",
            "-Wl,-z,lazy"
          ]
        }],
        ["OS=='mac'", {
          "xcode_settings": {
            "GCC_SYMBOLS_PRIVATE_EXTERN": "YES",
            "OTHER_CFLAGS": ["-O2", "-std=gnu11"]
          }
        }]
      ]
    },
    {
      "target_name": "svc-shim",
      "type": "executable",
      "sources": [
        "preload/svc_shim.c",
        "preload/svc_check.c",
        "preload/svc_path.c",
        "preload/svc_reply.c",
        "preload/svc_wire.c",
        "preload/svc_exe.c",
        "preload/svc_sha256.c"
      ],
      "cflags": ["-O2", "-fvisibility=hidden", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-nonnull-compare", "-fno-delete-null-pointer-checks"],
      "cflags!": ["-O3"],
      "conditions": [
        ["OS=='linux'", {
          "ldflags": ["-Wl,-z,noseparate-code", "-Wl,-z,norelro"]
        }]
      ]
    },
    {
      "target_name": "svc-hook",
      "type": "executable",
      "sources": [
        "preload/svc_hook.c",
        "preload/svc_check.c",
        "preload/svc_path.c",
        "preload/svc_reply.c",
        "preload/svc_wire.c",
        "preload/svc_exe.c",
        "preload/svc_sha256.c"
      ],
      "cflags": ["-O2", "-fvisibility=hidden", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-nonnull-compare", "-fno-delete-null-pointer-checks"],
      "cflags!": ["-O3"],
      "conditions": [
        ["OS=='linux'", {
          "ldflags": ["-Wl,-z,noseparate-code", "-Wl,-z,norelro"]
        }]
      ]
    }
  ]
}
