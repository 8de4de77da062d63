"""The HerosDeï table: card faces, the table scene, its dialogs, its end screen and its New game panel."""
