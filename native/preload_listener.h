// The native preload-socket listener (Linux only; see preload_listener.cc).
#pragma once
#include <napi.h>

#ifdef __linux__
void InitPreloadListener(Napi::Env env, Napi::Object exports);
#endif
