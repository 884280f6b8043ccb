{
  "targets": [
    {
      "target_name": "svc_native",
      "sources": ["native/svc_native.cc"],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "defines": ["NAPI_DISABLE_CPP_EXCEPTIONS", "NAPI_VERSION=8"],
      "cflags_cc": ["-O2", "-std=c++17"]
    }
  ]
}
