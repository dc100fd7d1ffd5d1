"""Pods: drafting circles of roughly equal size (V:EKN 7.5.1), seats clockwise."""
