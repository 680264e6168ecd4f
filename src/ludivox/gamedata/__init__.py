"""Component data files a person can correct from their own box, and their loaders."""
