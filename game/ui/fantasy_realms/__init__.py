"""The Fantasy Realms table: card faces, the table scene, its dialogs and end screen."""
