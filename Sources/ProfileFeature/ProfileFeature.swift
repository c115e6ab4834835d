// ProfileFeature: its boundary lands with its own issue; this file keeps the target buildable.
