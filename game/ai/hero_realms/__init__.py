"""Hero Realms agents: Easy and Medium policies, the Hard search, and their tuning."""
