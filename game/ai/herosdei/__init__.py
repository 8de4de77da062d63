"""HerosDeï's agents: Easy and Medium rule-based, Hard a determinized search."""
