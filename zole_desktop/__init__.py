"""Zole desktop: Latvia's national card game against bots."""

__version__ = "0.1.0"
