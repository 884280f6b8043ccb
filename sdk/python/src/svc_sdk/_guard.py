"""Which params a guarded function's call is checked with."""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, Mapping, Optional, Union

ParamsSpec = Union[Mapping[str, Any], Callable[..., Mapping[str, Any]], None]


def params_for(fn: Callable[..., Any], spec: ParamsSpec, param_map: Optional[Mapping[str, str]], args: Any, kwargs: Any) -> Dict[str, Any]:
    """spec fixed params, or a function of the call's arguments; without either, the call's
    own arguments (defaults applied), renamed and narrowed by param_map when one is given."""
    if callable(spec):
        return dict(spec(*args, **kwargs))
    if spec is not None:
        return dict(spec)
    bound = inspect.signature(fn).bind(*args, **kwargs)
    bound.apply_defaults()
    values = dict(bound.arguments)
    if param_map is None:
        return values
    return {param_map[k]: v for k, v in values.items() if k in param_map}
