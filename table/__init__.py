"""One game per channel: load, apply an action, persist, publish events; deadlines; the store."""
