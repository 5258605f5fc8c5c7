"""Line logic: what one clue forces on one line, repeated over the grid, probing and search."""
