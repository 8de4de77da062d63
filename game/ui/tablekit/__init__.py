"""The table kit: what every game's table is built on (base scene, frame, log panel)."""
