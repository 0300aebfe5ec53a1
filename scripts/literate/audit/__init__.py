"""Audits of the pages' prose: which sentences state facts, and what holds each of them."""
