"""升级 Shengji / 拖拉机 Tractor (``../shared/rules/shengji.md``)."""
