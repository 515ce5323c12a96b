"""What the game teaches: the rules' words and the generated RULES.md, the worked examples
checked against the engine, the lessons' scripts and the rule tips shown at the table."""
