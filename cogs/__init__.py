"""Discord only: slash commands, views, embeds and DMs. Thin: parse the interaction, call table/,
render what comes back."""
