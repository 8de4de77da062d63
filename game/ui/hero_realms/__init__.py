"""The table scene's parts: displayed model, layout, event director, input, log."""
